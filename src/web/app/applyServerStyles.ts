import { SERVER_STYLE_ATTRIBUTE } from '../../contracts/prerenderedPages.ts';

/**
 * Gives prerendered elements the inline styles the build moved out of their `style`
 * attributes (moveInlineStyles in contracts/prerenderedPages.ts): set through CSSOM, which the
 * Content-Security-Policy allows, before React hydrates and takes them as its own (issue 21.1).
 */
export function applyServerStyles(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${SERVER_STYLE_ATTRIBUTE}]`)) {
    element.style.cssText = element.getAttribute(SERVER_STYLE_ATTRIBUTE) ?? '';
    element.removeAttribute(SERVER_STYLE_ATTRIBUTE);
  }
}
