import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * The text of a search box whose search lives elsewhere (the address): the box keeps its own text
 * while typing and reports it, trimmed, once typing pauses for `delayMs`; when the searched text
 * changes from elsewhere (Back, clearing the filters) the box shows it. `submit` reports at once.
 */
export function useSearchText(searched: string, onSearch: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(searched);
  const [shown, setShown] = useState(searched);
  if (searched !== shown) {
    setShown(searched);
    if (searched !== text.trim()) setText(searched);
  }
  // Trimmed after the wait, so a space typed last also counts as a keystroke to wait after.
  const debounced = useDebouncedValue(text, delayMs).trim();
  const sent = useRef(debounced);
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    if (debounced !== searched) onSearch(debounced);
  }, [debounced, searched, onSearch]);
  const submit = () => onSearch(text.trim());
  return { text, setText, submit };
}
