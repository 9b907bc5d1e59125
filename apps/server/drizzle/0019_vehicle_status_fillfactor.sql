-- Every telematics batch updates hundreds of vehicle_status rows (issue 20 point 2; docs/decisions/0084). With room
-- left on each page an update can stay on its page without a new index entry (a HOT update); on full pages every
-- update adds index entries and the batch slows as dead versions pile up (bench/README.md#ingest: 0 % HOT 7,799/s,
-- 100 % HOT 9,100/s flat out). Half of each page is kept free; existing pages fill to it as rows are rewritten.
ALTER TABLE "vehicle_status" SET (fillfactor = 50);
