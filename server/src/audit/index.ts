// The audit trail as the rest of the server sees it; every other file of audit/ is its own.
export { AuditModule } from './audit.module.js';
export { AuditService } from './audit.service.js';
export { Audited } from './audit.decorator.js';
export { AuditEvent } from './audit-event.entity.js';
