export { fieldState, RequestForm } from './request-form';
export { CONTACT_REASONS, formPageHeaders, submitRequest, withFormKey } from './submit-request';
