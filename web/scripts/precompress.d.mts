import type { Plugin } from 'vite';

export function precompress(dir: string): number;
export function precompressPlugin(): Plugin;
