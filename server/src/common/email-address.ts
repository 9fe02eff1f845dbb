import { applyDecorators } from '@nestjs/common';
import { IsEmail, isEmail, Matches } from 'class-validator';

/**
 * An address as the site takes it: RFC 5322's dot-atom local part (letters of any alphabet, digits and
 * ! # $ % & ' * + / = ? ^ _ ` { | } ~ - .), never a quoted one. A quoted local part may hold a comma, a space or a
 * line break, which a mailer or the reader's mail program can take for a second recipient or a new header, and
 * nobody gives such an address to a church's forms.
 */
const PLAIN_ADDRESS = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~.-]+@[^\s@",;<>()[\]\\]+$/u;

/** Whether `text` is one address as the site takes it (for configuration; request fields use `EmailAddress`). */
export const isPlainAddress = (text: string): boolean => PLAIN_ADDRESS.test(text) && isEmail(text);

/** An e-mail address field (with IsEmail's checks of the whole address), or `message`. */
export const EmailAddress = (message: string) => applyDecorators(Matches(PLAIN_ADDRESS, { message }), IsEmail({}, { message }));
