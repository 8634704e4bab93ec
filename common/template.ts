/**
 * Fills `{{name}}` placeholders, the syntax of the web app's i18next texts, so the web's own formats and
 * the worker's mail texts are written the same way. A placeholder without a value is left empty.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined ? "" : String(value);
  });
}
