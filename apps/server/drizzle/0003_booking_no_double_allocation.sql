-- A vehicle is never allocated to two live (INACTIVE or ACTIVE) bookings whose booked intervals
-- overlap: two concurrent creations for the last free vehicle cannot both commit.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_double_allocation"
  EXCLUDE USING gist ("allocated_vehicle_id" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&)
  WHERE ("allocated_vehicle_id" IS NOT NULL AND "state" IN ('INACTIVE', 'ACTIVE'));
