// @vitest-environment jsdom
import '../lib/testing/dom.ts';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyRoute } from './lazy-route.ts';

const Page = () => <p>pantalla</p>;

describe('lazyRoute', () => {
  it('renders a preloaded chunk in the first pass, without its fallback (no 300 ms hold-back)', async () => {
    const route = lazyRoute(async () => ({ default: Page }));
    await route.preload();
    render(
      <Suspense fallback={<p>esperando</p>}>
        <route.Component />
      </Suspense>,
    );
    expect(screen.getByText('pantalla')).toBeInTheDocument();
    expect(screen.queryByText('esperando')).toBeNull();
  });

  it('suspends on a chunk not fetched yet, then shows it', async () => {
    const route = lazyRoute(async () => ({ default: Page }));
    render(
      <Suspense fallback={<p>esperando</p>}>
        <route.Component />
      </Suspense>,
    );
    expect(screen.getByText('esperando')).toBeInTheDocument();
    expect(await screen.findByText('pantalla')).toBeInTheDocument();
  });

  it('fetches a chunk once however often it is preloaded, and again after a failure', async () => {
    let calls = 0;
    const route = lazyRoute(async () => {
      calls++;
      if (calls === 1) throw new Error('sin conexión');
      return { default: Page };
    });
    await expect(route.preload()).rejects.toThrow('sin conexión');
    await Promise.all([route.preload(), route.preload()]);
    expect(calls).toBe(2);
  });
});
