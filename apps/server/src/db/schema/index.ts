export * from './account';
export * from './enterprise';
export * from './policy';
