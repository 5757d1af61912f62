import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { RouteMeta } from '../../contracts/routes.ts';

/** The site URL the server wrote into the page (canonical link), else this origin. */
function siteUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical?.href) {
    try {
      return new URL(canonical.href).origin;
    } catch {
      // fall through
    }
  }
  return window.location.origin;
}

/**
 * Keeps <head> in step with client-side navigation. The server already sent the same tags
 * for the first page (src/server/routes/spa.ts), so crawlers never depend on this, and the
 * tag writer (contracts/seo.ts) loads after the first render, outside the first load's
 * JavaScript (issue 21 item 4).
 */
export function RouteHead({ meta }: { meta: RouteMeta }) {
  const { pathname } = useLocation();
  useEffect(() => {
    let current = true;
    void import('../../contracts/seo.ts').then(({ seoHead, seoHeadHtml }) => {
      if (!current) return;
      const head = seoHead(meta, siteUrl(), pathname);
      document.title = head.title;
      const template = document.createElement('template');
      template.innerHTML = seoHeadHtml(head);
      for (const old of document.head.querySelectorAll('[data-seo]')) old.remove();
      for (const node of Array.from(template.content.children)) {
        if (node.tagName !== 'TITLE') document.head.appendChild(node);
      }
    });
    return () => {
      current = false;
    };
  }, [meta, pathname]);
  return null;
}
