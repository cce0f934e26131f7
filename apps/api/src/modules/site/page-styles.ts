import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';

/**
 * A drawn page's own stylesheet (decision 078): the app's stylesheet with the rules its HTML
 * cannot use left out, so the browser parses and matches a third of the rules for the first
 * paint; the whole sheet comes with the app's scripts (apps/web/vite.config.ts), before anything
 * the app draws.
 *
 * A rule is left out only when one of the classes its selector requires appears nowhere in the
 * page: a class inside a functional pseudo-class (`:not(.x)`, `:where(.group)`, `:is(…)`) is not
 * required, element and attribute selectors require nothing, and at-rules without rules
 * (`@property`, `@layer` order, `@keyframes` whole) are kept. So a kept sheet can only hold more
 * than the page needs, never less.
 */
export interface PageStyles {
  /** The stylesheet for a page whose HTML is `html`. */
  forPage(html: string): string;
}

/** A selector's required classes, unescaped (`.sm\:grid` → `sm:grid`, `.\32 xl` → `2xl`). */
export function requiredClasses(selector: string): string[] {
  const required: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (char === '\\') {
      i += 1;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
    } else if (char === '.' && depth === 0) {
      const name = /^((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-]|[\u0080-\uffff])+)/.exec(
        selector.slice(i + 1),
      )?.[1];
      if (name) {
        required.push(unescapeClass(name));
        i += name.length;
      }
    }
  }
  return required;
}

function unescapeClass(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

/** Every class the HTML names in a class attribute (entities decoded). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(value!).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|lt|gt|apos);/gi, (entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'apos') return "'";
    const point = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1));
    return Number.isFinite(point) ? String.fromCodePoint(point) : entity;
  });
}

/** A rule's selectors with what each requires, worked out once. */
interface KeptRule {
  rule: Rule;
  selectors: { text: string; requires: string[] }[];
}

export function createPageStyles(css: string): PageStyles {
  const root = postcss.parse(css);
  const rules = new Map<Rule, KeptRule>();
  root.walkRules((rule) => {
    rules.set(rule, {
      rule,
      selectors: rule.selectors.map((text) => ({ text, requires: requiredClasses(text) })),
    });
  });

  const emit = (node: ChildNode, used: Set<string>): string => {
    if (node.type === 'rule') {
      const { rule, selectors } = rules.get(node)!;
      const kept = selectors.filter(({ requires }) => requires.every((name) => used.has(name)));
      if (kept.length === 0) return '';
      if (kept.length === selectors.length) return rule.toString();
      return rule.clone({ selectors: kept.map(({ text }) => text) }).toString();
    }
    if (node.type === 'atrule') return emitAtRule(node, used);
    if (node.type === 'decl') return `${node.toString()};`;
    return '';
  };
  const emitAtRule = (node: AtRule, used: Set<string>): string => {
    if (!node.nodes) return `${node.toString()};`;
    if (/keyframes$/i.test(node.name)) return node.toString();
    if (!node.nodes.some((child) => child.type === 'rule' || child.type === 'atrule')) {
      return node.toString();
    }
    const inner = node.nodes.map((child) => emit(child, used)).join('');
    if (!inner) return '';
    return `@${node.name}${node.params ? ` ${node.params}` : ''}{${inner}}`;
  };

  return {
    forPage(html) {
      const used = classesIn(html);
      return root.nodes.map((node) => emit(node, used)).join('');
    },
  };
}

/** The app's whole stylesheet as the build wrote it, and what a page needs of it. */
export interface AppStylesheet {
  /** Its address (/assets/index-….css), which the app's scripts bring it from. */
  href: string;
  /** Its text, as the template holds it inline. */
  css: string;
  styles: PageStyles;
}

/** Where the build keeps the page's scripts until they start (apps/web/vite.config.ts). */
const APP_SCRIPTS = '<template id="app-scripts">';

const inline = (css: string) => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;

/**
 * A drawn page with `own` (its own stylesheet, PageStyles.forPage) inline in place of the whole
 * one, and the whole one linked among the app's scripts: the start script adds it to the head
 * and waits for it before it runs the app, so nothing the app draws is drawn without its rules.
 * A template whose stylesheet or scripts cannot be found is left as it is.
 */
export function withOwnStylesheet(html: string, sheet: AppStylesheet, own: string): string {
  const whole = inline(sheet.css);
  const styleAt = html.indexOf(whole);
  if (styleAt === -1 || !html.includes(APP_SCRIPTS)) return html;
  const withOwn = html.slice(0, styleAt) + inline(own) + html.slice(styleAt + whole.length);
  const scriptsEnd = withOwn.indexOf(APP_SCRIPTS) + APP_SCRIPTS.length;
  const link = `<link rel="stylesheet" href="${sheet.href}" data-early>`;
  return withOwn.slice(0, scriptsEnd) + link + withOwn.slice(scriptsEnd);
}
