export { resetProfile } from './delete-profile.js';
export { getProfile } from './get-profile.js';
export { DEFAULT_PROFILE, type Profile } from './profile-repo.js';
export { putProfile } from './put-profile.js';
export * from './schemas.js';
