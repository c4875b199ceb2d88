export * from './account';
export * from './enterprise';
