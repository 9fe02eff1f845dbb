import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage that components read with `useStore()`. The server renders `fallback`; the
 * browser switches to the stored value right after hydration, and every tab follows changes (storage event).
 */
export function createLocalStore<T>(key: string, fallback: T, parse: (raw: unknown) => T | undefined) {
  const listeners = new Set<() => void>();
  let lastRaw: string | null | undefined;
  let lastValue = fallback;

  function get(): T {
    if (typeof window === 'undefined') return fallback;
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return fallback;
    }
    if (raw !== lastRaw) {
      lastRaw = raw;
      try {
        lastValue = raw === null ? fallback : (parse(JSON.parse(raw)) ?? fallback);
      } catch {
        lastValue = fallback;
      }
    }
    return lastValue;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function set(value: T) {
    window.localStorage.setItem(key, JSON.stringify(value));
    notify();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  const useStore = () => useSyncExternalStore(subscribe, get, () => fallback);
  return { get, set, notify, useStore };
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
