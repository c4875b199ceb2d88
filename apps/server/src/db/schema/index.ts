export * from './account';
export * from './enterprise';
export * from './policy';
export * from './dict';
export * from './rate-limit';
export * from './push';
export * from './workflow';
export * from './calendar';
