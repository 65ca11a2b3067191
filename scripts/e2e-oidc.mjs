// A local OpenID Connect provider for the Google sign-in journey (oauth2-mock-server, from npm).
import { OAuth2Server } from 'oauth2-mock-server';

const port = Number(process.env.E2E_OIDC_PORT ?? 4399);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, {
    sub: 'e2e-google-user',
    email: process.env.E2E_GOOGLE_EMAIL ?? 'google.shopper@example.com',
    email_verified: true,
    name: 'Google Shopper',
  });
});
await server.start(port, '127.0.0.1');
console.log(`OIDC provider at ${server.issuer.url}`);
const stop = () => server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
