export { fieldState, RequestForm } from './request-form';
export { CONTACT_REASONS, submitRequest } from './submit-request';
