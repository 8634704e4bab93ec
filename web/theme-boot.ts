// Applies the saved theme before React renders, so a dark-theme user never sees a white flash.
const saved = localStorage.getItem("theme");
const dark = saved === "dark" || ((saved === null || saved === "system") && matchMedia("(prefers-color-scheme: dark)").matches);
document.documentElement.classList.toggle("dark", dark);
