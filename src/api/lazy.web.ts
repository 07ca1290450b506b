// The web build is one file (a web extension cannot load modules at run time): the client is in it.
export { createStacksClient } from './client';
