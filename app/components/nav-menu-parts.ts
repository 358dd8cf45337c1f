// What both forms of the header menu share (nav-menu.tsx and the lazily loaded nav-menu-headless.tsx): its entries
// and its looks.
export interface NavMenuEntry {
  label: string;
  to: string;
  /** Submit a POST form to `to` instead of following a link (state changes never use GET). */
  post?: boolean;
}

// Styled in app.css (.menu-item and the rest): the header is on every page, with two menus of up to ten entries.
export const itemClass = "menu-item";
export const panelClass = "menu-panel";
export const buttonClass = "menu-button";
