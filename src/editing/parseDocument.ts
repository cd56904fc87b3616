import { ParseError, ParseErrorCode, parse, printParseErrorCode } from 'jsonc-parser';
import { JsonObject, Problem } from './kind';

/** The user's text as an object, or why it is not one (each syntax error with its offset). */
export function parseDocument(text: string): { value: JsonObject } | { problems: Problem[] } {
  const errors: ParseError[] = [];
  // Comments and trailing commas are not JSON: the API would never see them, so they are errors.
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) {
    return {
      problems: errors.map((error) => ({
        path: [],
        message: `JSON syntax: ${describeParseError(error.error)}`,
        severity: 'error',
        offset: error.offset,
        length: Math.max(1, error.length),
      })),
    };
  }
  // The value itself comes from JSON.parse: the text is plain JSON by now, and JSON.parse keeps a
  // key named `__proto__` as a field, where the tolerant parser would set the object's prototype.
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [{ path: [], message: `JSON syntax: ${(error as Error).message}`, severity: 'error', offset: 0, length: 1 }] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problems: [{ path: [], message: 'The document must be one JSON object ({ … }).', severity: 'error' }] };
  }
  return { value: value as JsonObject };
}

function describeParseError(code: ParseErrorCode): string {
  switch (code) {
    case ParseErrorCode.InvalidCommentToken:
      return 'comments are not allowed (the API takes plain JSON)';
    case ParseErrorCode.PropertyNameExpected:
      return 'a property name in double quotes was expected (no trailing comma)';
    case ParseErrorCode.CommaExpected:
      return 'a comma was expected';
    case ParseErrorCode.ColonExpected:
      return 'a colon was expected';
    case ParseErrorCode.ValueExpected:
      return 'a value was expected (no trailing comma)';
    case ParseErrorCode.CloseBraceExpected:
      return 'a closing } was expected';
    case ParseErrorCode.CloseBracketExpected:
      return 'a closing ] was expected';
    case ParseErrorCode.EndOfFileExpected:
      return 'nothing may follow the object';
    default:
      return printParseErrorCode(code);
  }
}
