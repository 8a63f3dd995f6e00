/** The product's name as shown in the header, the auth screen and page titles. */
export const PRODUCT_NAME = 'CallCoach';
