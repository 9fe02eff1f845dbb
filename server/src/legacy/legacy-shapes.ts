import type { User } from '../auth/entities/user.entity.js';

/** A user as the legacy client reads it; never the hash or token version. */
export const toLegacyUser = (user: User) => ({
  id: user.id,
  title: user.title,
  firstname: user.firstname,
  lastname: user.lastname,
  gender: user.gender,
  marital_status: user.marital_status,
  phone: user.phone,
  email: user.email,
  country: user.country,
  state: user.state,
  city: user.city,
  address: user.address,
  role: user.role,
  createdAt: user.createdAt,
});
