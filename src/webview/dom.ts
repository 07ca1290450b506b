/** Building the page from text: elements, codicons and buttons. Nothing here parses HTML. */
export type Child = Node | string | undefined | null | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  cls?: string,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) if (c !== undefined && c !== null && c !== false) e.append(c);
  return e;
}

export function icon(name: string, extra = ''): HTMLElement {
  const e = h('span', `codicon codicon-${name}${extra ? ' ' + extra : ''}`);
  e.setAttribute('aria-hidden', 'true');
  return e;
}

export function button(
  label: string,
  iconName: string | undefined,
  onClick: () => void,
  opts: { iconOnly?: boolean; primary?: boolean; disabled?: boolean; cls?: string } = {},
): HTMLButtonElement {
  const b = h(
    'button',
    `${opts.iconOnly ? 'icon-button' : 'button'}${opts.primary ? ' primary' : ''}${opts.cls ? ' ' + opts.cls : ''}`,
    iconName && icon(iconName),
    !opts.iconOnly && label,
  );
  b.type = 'button';
  b.title = label;
  if (opts.iconOnly) b.setAttribute('aria-label', label);
  b.disabled = !!opts.disabled;
  b.addEventListener('click', (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    onClick();
  });
  return b;
}
