export { fieldState, RequestForm } from './request-form';
export { CONTACT_REASON_CHOICES, formPageHeaders, submitRequest, withFormKey } from './submit-request';
