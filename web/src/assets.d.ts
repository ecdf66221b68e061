// esbuild bundles stylesheets imported by the pages into a .css file beside the script.
declare module "*.css";
