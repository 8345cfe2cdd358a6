import {
  cloneElement,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  type ReactElement,
  Suspense,
  useState,
} from 'react';

/** What a menu loaded on demand receives: its target, opened on the click that loaded it. */
export interface OnDemandMenuProps {
  target: ReactElement;
  defaultOpened: boolean;
  onChange?: (opened: boolean) => void;
}

type TargetProps = { onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void };

/**
 * A menu whose code (Mantine's Menu with its popover and focus trap) is not in the shell's first
 * load: until it is used, `target` is a plain button; pointing at it or focusing it fetches the
 * menu, and the first click shows it opened. The shell's JavaScript budget stays for the pages.
 */
export function MenuOnDemand({
  menu,
  preload,
  target,
  onChange,
}: {
  menu: LazyExoticComponent<ComponentType<OnDemandMenuProps>>;
  preload: () => void;
  target: ReactElement<TargetProps>;
  onChange?: (opened: boolean) => void;
}) {
  const [used, setUsed] = useState(false);
  if (!used)
    return cloneElement(target, {
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setUsed(true);
        onChange?.(true);
      },
    });
  return <Suspense fallback={target}>{createElement(menu, { target, defaultOpened: true, onChange })}</Suspense>;
}
