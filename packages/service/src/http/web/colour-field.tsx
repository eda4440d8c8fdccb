/** @jsxRuntime automatic @jsxImportSource preact */
import { usePageScript } from './page.js';
import { pickerColour } from './picker-colour.js';
import { useField } from './shared.js';

/** The names a ColourField posts: its text, its picker, and what the picker showed. */
export const colourNames = (name: string) => ({ text: name, pick: `${name}_pick`, shown: `${name}_shown` });

/**
 * A colour as the form sent it: the picker's when it was moved (it no longer shows what it showed), else
 * the text, which can say what a picker cannot (rgb(), hsl(), an alpha) or be left empty. With the page's
 * script the two follow each other; without it, either one works alone.
 */
export function colourSent(form: Record<string, unknown>, name: string): string {
  const names = colourNames(name);
  const sent = (field: string) => {
    const value = form[field];
    return typeof value === 'string' ? value.trim() : '';
  };
  const pick = sent(names.pick);
  return pick !== '' && pick !== sent(names.shown) ? pick : sent(names.text);
}

/**
 * A labelled colour: a picker and, beside it, the text of its value, which is what is saved; empty says
 * "not set" (the `fallback` colour is what the picker shows then, and the text's placeholder). Inside a
 * PanelForm it keeps a refused post's text and says what is wrong under it, as Field does.
 */
export function ColourField(props: { id: string; name: string; label: string; value: string; fallback: string }) {
  usePageScript();
  const names = colourNames(props.name);
  const field = useField(props.name, props.id, props.value);
  const text = field.value ?? '';
  const shown = pickerColour(text) ?? props.fallback;
  const pickId = `${props.id}-pick`;
  return (
    <div class="colour-field">
      <label for={props.id}>{props.label}</label>
      <div class="colour">
        <input
          type="color"
          id={pickId}
          name={names.pick}
          value={shown}
          aria-label={`${props.label}: pick a colour`}
          data-colour-text={props.id}
        />
        <input type="hidden" name={names.shown} value={shown} />
        <input
          id={props.id}
          name={names.text}
          value={text}
          placeholder="not set"
          size={16}
          maxLength={200}
          spellcheck={false}
          autoComplete="off"
          data-colour-pick={pickId}
          {...field.control}
        />
      </div>
      {field.message}
    </div>
  );
}
