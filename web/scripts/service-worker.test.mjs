import { describe, expect, it } from 'vitest';
import { fillServiceWorker, shellFiles } from './service-worker.mjs';

const chunk = (fileName, extra = {}) => ({
  type: 'chunk',
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  facadeModuleId: null,
  viteMetadata: { importedCss: new Set(), importedAssets: new Set() },
  ...extra,
});

describe("the service worker's shell", () => {
  const bundle = {
    'assets/index-a.js': chunk('assets/index-a.js', {
      isEntry: true,
      imports: ['assets/i18n-b.js'],
      dynamicImports: ['assets/IndexPage-c.js', 'assets/ReportsPage-d.js', 'assets/en-e.js'],
      viteMetadata: { importedCss: new Set(['assets/index-a.css']), importedAssets: new Set() },
    }),
    'assets/i18n-b.js': chunk('assets/i18n-b.js'),
    'assets/IndexPage-c.js': chunk('assets/IndexPage-c.js', {
      facadeModuleId: '/app/web/src/pages/index/IndexPage.tsx',
      imports: ['assets/people-f.js'],
      viteMetadata: { importedCss: new Set(['assets/people-f.css']), importedAssets: new Set() },
    }),
    'assets/ReportsPage-d.js': chunk('assets/ReportsPage-d.js', {
      facadeModuleId: '/app/web/src/pages/admin/ReportsPage.tsx',
      imports: ['assets/staff-g.js'],
    }),
    'assets/en-e.js': chunk('assets/en-e.js'),
    'assets/people-f.js': chunk('assets/people-f.js'),
    'assets/staff-g.js': chunk('assets/staff-g.js'),
    'assets/index-a.css': { type: 'asset', fileName: 'assets/index-a.css' },
  };

  it('holds what the app needs to open, pages and languages included, and not the staff pages', () => {
    expect(shellFiles(bundle)).toEqual([
      '/assets/IndexPage-c.js',
      '/assets/en-e.js',
      '/assets/i18n-b.js',
      '/assets/index-a.css',
      '/assets/index-a.js',
      '/assets/people-f.css',
      '/assets/people-f.js',
    ]);
  });

  it("fills in the build's id and files, a new id for new files", () => {
    const source = "const BUILD = 'dev';\nconst SHELL = [];\nself.x = 1;\n";
    const one = fillServiceWorker(source, ['/assets/index-a.js']);
    expect(one).toMatch(/^const BUILD = '[0-9a-f]{12}';$/m);
    expect(one).toContain('"/assets/index-a.js"');
    expect(one).toContain('"/manifest.webmanifest"');
    expect(one).toContain('self.x = 1;');
    const two = fillServiceWorker(source, ['/assets/index-b.js']);
    expect(two.match(/const BUILD = '(\w+)'/)?.[1]).not.toBe(
      one.match(/const BUILD = '(\w+)'/)?.[1],
    );
  });

  it('refuses a worker without the lines to fill in', () => {
    expect(() => fillServiceWorker('self.x = 1;', [])).toThrow();
  });
});
