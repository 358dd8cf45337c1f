// Rules on text fields that several forms and queries share.

/**
 * Text on one line without control characters: a name, a search. PostgreSQL refuses NUL in text outright, and no
 * name a person types holds the others.
 */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what must be refused
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
