export { ContentTooLarge, type ByteRange, type ContentStore, type StoredContent } from "./store/store";
export { ContentDigest } from "./store/digest";
export { filesystemStore } from "./store/filesystem";
// The S3 store is loaded only when configured (see from-env.ts): the AWS SDK is large and warns about Node 20 when loaded.
export type { S3StoreOptions } from "./store/s3";
export { contentStoreFromEnv } from "./store/from-env";
export { attachmentDisposition } from "./store/disposition";
export { ContentInfected, ScannerUnavailable, scannerFromEnv, type ScanVerdict, type VirusScanner } from "./scanner/scanner";
export { clamdScanner } from "./scanner/clamd";
export { checkLink, signLink, type LinkCheck } from "./signing/links";
export { readStagedContent, signStagedContent, type StagedContent } from "./signing/staged";
export { safeFileName, safeMimeType } from "./file-metadata";
export { noteBytesStreamed, youngGarbageCollecting, YOUNG_GARBAGE_BUDGET_BYTES } from "./memory/young-garbage";
export { stageUpload, type IncomingFile, type UploadDeps } from "./upload";
export { contentSettingsFromEnv, processContentSettings, type ContentSettings } from "./settings";
