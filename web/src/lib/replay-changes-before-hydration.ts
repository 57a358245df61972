/*
 * A prerendered form can be used before React hydrates it (a slow phone, a loaded machine): the visitor
 * types a comune or picks "Business" while the scripts still load. Hydration keeps what is on screen but
 * calls no onChange, so React's state says otherwise and nothing follows (the comune search never runs;
 * the offers would be the other customer type's). React has the replay behind a flag that 19.x does not
 * turn on (enableHydrationChangeEvent), so the page replays it once hydrated.
 *
 * Hydration sets `defaultValue` / `defaultChecked` to what React rendered: a control whose live value
 * differs was changed by the visitor. The change is replayed as the event React listens for, after the
 * value React tracks is put back to the rendered one, so React sees a change and calls the handler.
 */

const nativeSetter = (proto: object, prop: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(proto, prop)?.set;

function replayText(el: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = el.value;
  if (typed === el.defaultValue) return;
  // Through the element's own setter (React's value tracker, where it has one) to the rendered value…
  el.value = el.defaultValue;
  // …then the typed value behind the tracker's back, so the input event below reads as a change.
  nativeSetter(Object.getPrototypeOf(el) as object, 'value')?.call(el, typed);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayCheck(el: HTMLInputElement): void {
  const checked = el.checked;
  // A radio unchecked by its group's choice follows from the one that was checked.
  if (checked === el.defaultChecked || (el.type === 'radio' && !checked)) return;
  el.checked = el.defaultChecked;
  nativeSetter(HTMLInputElement.prototype, 'checked')?.call(el, checked);
  // React reads checkboxes and radios on `click`; a plain Event (not a MouseEvent) does not toggle again.
  el.dispatchEvent(new Event('click', { bubbles: true }));
}

/** Replays, inside `root`, each change the visitor made to a text field, checkbox or radio before hydration. */
export function replayChangesBeforeHydration(root: ParentNode | null): void {
  if (!root) return;
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (el.disabled || el.readOnly) continue;
    if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) replayCheck(el);
    else if (el instanceof HTMLTextAreaElement || el.type !== 'file') replayText(el);
  }
}
