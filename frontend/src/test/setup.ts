import '@testing-library/jest-dom';
import { notifications } from '@mantine/notifications';
import { act, configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: on a machine busy with other test runs a lazy
// page's first render alone took over 10 s (its modules transformed on first import). A bound only
// decides when a stuck test fails; the test's own bound (jest.config.js) stays above it.
configure({ asyncUtilTimeout: 20_000 });

// Toasts live in Mantine's store, past the render that showed them: none is left for the next test.
afterEach(() => act(() => notifications.clean()));

// jsdom lacks a few browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

Element.prototype.scrollIntoView = function scrollIntoView() {};

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
