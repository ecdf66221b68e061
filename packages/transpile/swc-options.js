/**
 * How TypeScript becomes JavaScript, for the build (`pap-transpile`) and for Jest (`@swc/jest`) alike, so
 * the code the tests run is transpiled exactly as the code `npm start` runs. It matches what `tsc` would
 * emit under tsconfig.base.json: ES2022, CommonJS with esModuleInterop semantics.
 */
const swcOptions = {
  jsc: { target: "es2022", parser: { syntax: "typescript" } },
  // `ignoreDynamic` keeps `import()` as it is (tsc does the same under module Node16), so ESM-only
  // packages (jose, the WebAssembly migration engine) still load from CommonJS.
  module: { type: "commonjs", ignoreDynamic: true },
};

module.exports = { swcOptions };
