"""The REST API: read-only public endpoints and the organizers' and arbiters' writes."""
