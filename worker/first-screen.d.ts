// The app's render of a page's first screen (common/first-screen.ts): typed here, checked with the web's code.
declare module "agora:first-screen" {
  export const renderFirstScreen: import("../common/first-screen").RenderFirstScreen;
}
