// One rule for an e-mail address in the whole code base (issue #20 found six patterns with two rules): the checkout,
// the account forms, the dynamic registration forms, the password reset and the server all judge it here. Without zod,
// so the storefront's form rules can use it without carrying a schema library.

/** Something, an at sign, a domain and a top-level domain of two characters at least; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
