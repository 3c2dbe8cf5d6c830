// The server's tests arrive with the server.
