package io.paypipe.reconcile.bill;

import io.paypipe.core.id.Channel;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * Reads one channel's bill format as a stream: each detail line goes to {@code sink} as
 * it is read (a million-line bill is never held in memory), the summary is returned at
 * the end. A header the parser does not know, a field it cannot read exactly, a truncated
 * file or an error page instead of a bill is a {@link BillFormatException}: the batch
 * stops, it never shifts a column silently.
 */
public interface BillParser {

    Channel channel();

    ParsedBill parse(InputStream bill, Consumer<BillLine> sink) throws IOException;

}
