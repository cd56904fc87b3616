/** The id of the recipient kind, apart so tree nodes can name it without loading the kind. */
export const RECIPIENT_KIND_ID = 'honeycomb.recipient';
