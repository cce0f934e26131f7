import { describe, expect, it } from 'vitest';
import {
  classesIn,
  createPageStyles,
  requiredClasses,
  withOwnStylesheet,
  type AppStylesheet,
} from './page-styles.js';

describe("a page's own stylesheet", () => {
  it('reads the classes a selector requires, unescaped, and not those inside functional pseudo-classes', () => {
    expect(requiredClasses('.sm\\:grid-cols-2')).toEqual(['sm:grid-cols-2']);
    expect(requiredClasses('.\\32 xl\\:block')).toEqual(['2xl:block']);
    expect(requiredClasses('.w-\\[calc\\(100\\%-2rem\\)\\]')).toEqual(['w-[calc(100%-2rem)]']);
    expect(requiredClasses('.a.b > .c:hover::after')).toEqual(['a', 'b', 'c']);
    expect(requiredClasses('.a:not(.b)')).toEqual(['a']);
    expect(requiredClasses(':where(.group):hover .group-hover\\:scale-105')).toEqual([
      'group-hover:scale-105',
    ]);
    expect(requiredClasses('button, [type=button]')).toEqual([]);
    expect(requiredClasses('.bg-\\[url\\(\\/a\\.webp\\)\\]')).toEqual(['bg-[url(/a.webp)]']);
  });

  it("reads the classes a page's HTML names, entities decoded", () => {
    const classes = classesIn(
      '<div class="a  sm:b"><svg class="lucide x"></svg><p class="[content:&quot;x&quot;]">hi</p></div><p data-class="no">',
    );
    expect([...classes].sort()).toEqual(['[content:"x"]', 'a', 'lucide', 'sm:b', 'x']);
  });

  const css = [
    '@layer theme, base, utilities;',
    '@layer theme{:root{--color-x:#123}}',
    '@layer base{*,:after{box-sizing:border-box}button{font:inherit}}',
    '@layer utilities{',
    '.a{color:red}',
    '.b{color:blue}',
    '.a,.b{margin:0}',
    '.c:not(.d){padding:0}',
    '@media (min-width:40rem){.sm\\:a{display:grid}.sm\\:b{display:flex}}',
    '@supports (color:color-mix(in lab, red, red)){.b{color:green}}',
    '.spin{animation:spin 1s}',
    '}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
    '@property --tw-x{syntax:"*";inherits:false}',
  ].join('');
  const styles = createPageStyles(css);

  it("keeps every rule the page's classes can match, and the rules that need no class", () => {
    const own = styles.forPage('<main class="a sm:a c"><button>go</button></main>');
    expect(own).toContain('@layer theme, base, utilities;');
    expect(own).toContain(':root{--color-x:#123}');
    expect(own).toContain('*,:after{box-sizing:border-box}');
    expect(own).toContain('button{font:inherit}');
    expect(own).toContain('.a{color:red}');
    expect(own).toContain('.a{margin:0}');
    expect(own).toContain('.c:not(.d){padding:0}');
    expect(own).toContain('@media (min-width:40rem){.sm\\:a{display:grid}}');
    expect(own).toContain('@keyframes spin{to{transform:rotate(1turn)}}');
    expect(own).toContain('@property --tw-x{syntax:"*";inherits:false}');
    // What no element of the page can match is left out, with the at-rules it leaves empty.
    expect(own).not.toContain('.b');
    expect(own).not.toContain('.spin');
    expect(own).not.toContain('@supports');
    expect(own.length).toBeLessThan(css.length);
  });

  it('keeps the whole sheet for a page that uses every class', () => {
    const own = styles.forPage('<p class="a b c sm:a sm:b spin"></p>');
    for (const part of ['.a,.b{margin:0}', '.sm\\:b{display:flex}', '@supports', '.spin{']) {
      expect(own).toContain(part);
    }
  });

  it('puts the own sheet inline and links the whole one among the app’s scripts', () => {
    const sheet: AppStylesheet = { href: '/assets/index-x.css', css, styles };
    const page = `<head><style>${css}</style><template id="app-scripts"><link rel="modulepreload" href="/assets/e.js"></template></head><body><div id="root" class="a"></div></body>`;
    const own = styles.forPage(page);
    const html = withOwnStylesheet(page, sheet, own);
    expect(html).toContain(`<style>${own}</style>`);
    expect(html).not.toContain(`<style>${css}</style>`);
    expect(html).toContain(
      '<template id="app-scripts"><link rel="stylesheet" href="/assets/index-x.css" data-early><link rel="modulepreload"',
    );
    // The template may come before the stylesheet, as the build writes it.
    const scriptsFirst = `<head><template id="app-scripts"></template><style>${css}</style></head>`;
    expect(withOwnStylesheet(scriptsFirst, sheet, 'x{}')).toBe(
      '<head><template id="app-scripts"><link rel="stylesheet" href="/assets/index-x.css" data-early></template><style>x{}</style></head>',
    );
    // A page without the whole sheet inline (or without the scripts' template) is left alone.
    expect(withOwnStylesheet('<head></head>', sheet, own)).toBe('<head></head>');
  });
});
