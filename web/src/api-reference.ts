// The platform's API reference: Redoc (its standalone bundle, loaded by the page just before this
// script) drawing the platform's own OpenAPI document. Everything it shows comes from this platform.

type PageConfig = { specUrl: string };

type RedocGlobal = {
  init(specUrl: string, options: Record<string, unknown>, element: HTMLElement | null, callback?: (error?: unknown) => void): void;
};

const config = JSON.parse(document.getElementById("api-reference-config")?.textContent ?? "{}") as PageConfig;
const redoc = (window as unknown as { Redoc?: RedocGlobal }).Redoc;
const element = document.getElementById("api-reference");

// Fonts the machine already has: Redoc's defaults name web fonts a page would have to fetch.
const systemFonts = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const options = {
  theme: {
    typography: {
      fontFamily: systemFonts,
      headings: { fontFamily: systemFonts },
      code: { fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace" },
    },
  },
  // The document is large: the browser's own scrollbars keep the page responsive.
  nativeScrollbars: true,
  expandResponses: "200,201",
};

if (!redoc || !element) {
  if (element) element.textContent = "The API reference's script did not load (is the build done?).";
} else {
  redoc.init(config.specUrl, options, element, (error) => {
    if (error) element.textContent = `The OpenAPI document could not be drawn: ${String(error)}`;
  });
}
