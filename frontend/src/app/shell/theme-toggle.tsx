import { lazy, type ReactElement } from 'react';
import { MenuOnDemand } from '../../components/menu-on-demand';

const loadThemeMenu = () => import('./theme-menu');
const LazyThemeMenu = lazy(loadThemeMenu);

/** A menu to pick light, dark or system theme; `target` is the button that opens it (loaded on first use). */
export function ThemeMenu({ target }: { target: ReactElement<{ onClick?: () => void }> }) {
  return <MenuOnDemand menu={LazyThemeMenu} preload={() => void loadThemeMenu()} target={target} />;
}
