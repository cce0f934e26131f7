import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';

/** What an import of a catalogue ends with: `./catalogues/hi/frame.json?messages`. */
const QUERY = '?messages';
/** The id a compiled catalogue goes by in the build (no plugin but this one reads it). */
const PREFIX = '\0pehnava-messages:';

/**
 * The shop's message catalogues (decision 086): JSON files of ICU MessageFormat texts, one per
 * language and part of the shop (src/i18n/catalogues/{en,hi}/*.json). Imported with `?messages`,
 * a catalogue is compiled at build by messageformat into a module of functions, one per message
 * (`search: () => "खोजें"`, `items: (d) => plural(d.count, …)`), so the browser gets no parser,
 * only messageformat's small runtime where a message has a plural. The language is the name of
 * the catalogue's folder.
 */
export function messageCatalogues(): Plugin {
  return {
    name: 'pehnava:message-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, {
        skipSelf: true,
      });
      // Ending in .js, the id is not taken for JSON by Vite's own plugin.
      return resolved ? `${PREFIX}${resolved.id}.js` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const language = basename(dirname(file));
      const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      return compileModule(new MessageFormat(language), messages);
    },
  };
}
