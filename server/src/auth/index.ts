// Accounts, sign-in and staff as the rest of the server sees them; every other file of auth/ is its own.
export { AuthModule } from './auth.module.js';
export { AuthService, type JwtPayload } from './auth.service.js';
export { UsersService } from './users.service.js';
export { User, UserRole } from './entities/user.entity.js';
export { ChangePasswordArgs, LoginArgs, RegisterArgs, ResetPasswordArgs, SendResetTokenArgs } from './dto/auth.args.js';
export { REGISTRATIONS_PER_ADDRESS, RESET_REQUESTS_PER_ADDRESS } from './auth.resolver.js';
export { introspectionGate } from './introspection-gate.js';
export { hashPassword, recheckPassword } from './password.js';
export { StaffMember, staffMember } from './staff-member.js';
export { lockAccountForErasure, provenEmailOf } from './account.personal-data.js';
export { keepAnotherAdmin } from './last-admin.js';
export { tokenChecks } from './token-checks.js';
