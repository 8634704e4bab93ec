import georgianFont from "../node_modules/@fontsource-variable/noto-sans-georgian/files/noto-sans-georgian-georgian-wght-normal.woff2?url";
import { detectLanguage } from "./lib/language-detect";

// Georgian readers need the Georgian font for the first screen's text: fetch it now, not once React has
// rendered that text (the stylesheet's @font-face would only ask for it then).
if (detectLanguage() === "ka") {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "font";
  link.crossOrigin = "anonymous";
  link.href = georgianFont;
  document.head.append(link);
}
