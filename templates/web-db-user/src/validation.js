const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;
/** bcrypt reads at most 72 bytes of a password; longer ones are refused rather than cut. */
const MAX_PASSWORD_BYTES = 72;

function text(value) {
  return typeof value === 'string' ? value.trim() : '';
}

function checkEmail(value, errors) {
  const email = text(value).toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) errors.push('Enter a valid email address.');
  return email;
}

/** Checks a sign-up form: `{ value: { email, name, password } }` or `{ errors: [...] }`. */
export function validateSignUp(form) {
  const errors = [];
  const email = checkEmail(form.email, errors);
  const name = text(form.name);
  if (name.length < 1 || name.length > 80) errors.push('Enter a name of 1 to 80 characters.');
  const password = typeof form.password === 'string' ? form.password : '';
  if (password.length < MIN_PASSWORD) errors.push(`Use a password of at least ${MIN_PASSWORD} characters.`);
  else if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES)
    errors.push(`Use a password of at most ${MAX_PASSWORD_BYTES} bytes.`);
  return errors.length > 0 ? { errors } : { value: { email, name, password } };
}

/** Checks a sign-in form: `{ value: { email, password } }` or `{ errors: [...] }`. */
export function validateSignIn(form) {
  const errors = [];
  const email = checkEmail(form.email, errors);
  const password = typeof form.password === 'string' ? form.password : '';
  if (password === '') errors.push('Enter your password.');
  return errors.length > 0 ? { errors } : { value: { email, password } };
}
