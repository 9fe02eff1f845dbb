import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { AuthUser } from '../access/auth-user.js';

/**
 * How a request's token is checked, given by the feature that signs tokens (wired in the composition root): the
 * token as the sign-in guard reads it, whether it bears a valid signature and has not expired (no database), and
 * the user it names when that user's sessions have not been ended since (one lookup by primary key).
 */
export interface TokenChecks {
  tokenOf(req: IncomingMessage): string | null;
  signed(token: string): boolean;
  user(token: string): Promise<AuthUser | undefined>;
}

export const TOKEN_CHECKS = Symbol('TOKEN_CHECKS');

const VISITOR = Promise.resolve(undefined);

/**
 * Who sent a request, for what visitors share (the read cache, its limits, the cost limits): the signed-in user,
 * or nobody. A junk, expired or forged token, or one ended by logout or a password reset, makes its sender a
 * visitor like any other, never someone the visitors' limits do not apply to.
 */
@Injectable()
export class Callers {
  private readonly verified = new WeakMap<IncomingMessage, Promise<AuthUser | undefined>>();

  constructor(@Inject(TOKEN_CHECKS) private readonly checks: TokenChecks) {}

  /**
   * Without touching the database: false when the request certainly comes from a visitor (no token, or one that
   * fails its signature or expiry), so the fast path may answer it; true when only `of` can tell.
   */
  maySignIn(req: IncomingMessage): boolean {
    if (!req.headers.authorization) return false;
    const token = this.checks.tokenOf(req);
    return token !== null && this.checks.signed(token);
  }

  /** The signed-in user, or undefined for a visitor; verified once per request however many parts ask. */
  of(req: IncomingMessage): Promise<AuthUser | undefined> {
    if (!req.headers.authorization) return VISITOR;
    let caller = this.verified.get(req);
    if (!caller) this.verified.set(req, (caller = this.maySignIn(req) ? this.checks.user(this.checks.tokenOf(req)!) : VISITOR));
    return caller;
  }

  /**
   * Whether a request is a visitor's. When its token cannot be checked (the database away) it is not: what it is
   * answered must then never be kept for visitors, in case the token turns out valid further on.
   */
  isVisitor(req: IncomingMessage): Promise<boolean> {
    return this.of(req).then(
      (caller) => !caller,
      () => false,
    );
  }
}
