export { handleTicket } from './handle-ticket.js';
export { openTicket, type OpenTicketInput } from './open-ticket.js';
export {
  getAnyTicket,
  getTicket,
  latestTickets,
  listAllTickets,
  listTickets,
  openTicketCounts,
  ticketCountsByTenant,
  ticketsQuoting,
} from './read-tickets.js';
export * from './schemas.js';
export type { Ticket, TicketMessage } from './ticket-repo.js';
