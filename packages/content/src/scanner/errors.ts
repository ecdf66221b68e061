/** The scanner could not judge the bytes: unreachable, gone mid-scan, or an answer that is not a verdict. */
export class ScannerUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ScannerUnavailable";
  }
}

/**
 * How a scanning stream fails when the scanner found something: whatever the bytes were flowing into
 * sees an error before the end, so it never completes (and so never keeps) infected content.
 */
export class ContentInfected extends Error {
  constructor(readonly signature: string) {
    super(`The content is infected (${signature}).`);
    this.name = "ContentInfected";
  }
}
