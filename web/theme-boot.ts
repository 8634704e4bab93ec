import georgianFont from "../node_modules/@fontsource-variable/noto-sans-georgian/files/noto-sans-georgian-georgian-wght-normal.woff2?url";
import { detectLanguage } from "./lib/language-detect";

// Applies the saved theme before React renders, so a dark-theme user never sees a white flash.
const saved = localStorage.getItem("theme");
const dark = saved === "dark" || ((saved === null || saved === "system") && matchMedia("(prefers-color-scheme: dark)").matches);
document.documentElement.classList.toggle("dark", dark);

// The static frame in index.html shows the auth pages' plain header on those pages.
if (location.pathname.startsWith("/auth/")) document.documentElement.dataset.shell = "auth";

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
