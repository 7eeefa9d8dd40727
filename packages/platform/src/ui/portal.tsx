import { createContext, useContext } from 'react';

/**
 * Where dialogs and menus of the current app are portalled: a microfrontend's
 * own host (which carries its `data-chorus-app` style scope), or the document
 * body (undefined) for the shell.
 */
export const PortalContainerContext = createContext<HTMLElement | undefined>(undefined);

export function usePortalContainer(): HTMLElement | undefined {
  return useContext(PortalContainerContext);
}
