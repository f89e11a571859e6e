"""`scorepad serve`: the game on the table's phones. `server` is the web server (Starlette
on uvicorn, the game pushed by Server-Sent Events), `now` what a phone shows and the calls
a player makes from it, `shell` the pages, `links` the links, their QR codes and the start, `tokens` their secrets. It may
import the engine, the record and the views, never the command line; the command imports
it only when it runs."""
