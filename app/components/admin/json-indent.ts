/** JSON in the site vars page is indented by 4, in the tree editor and in its text. */
export const JSON_INDENT = 4;
