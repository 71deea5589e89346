package io.paypipe.support.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.firewall.FirewalledRequest;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * Spring Security's {@link StrictHttpFirewall} for every request but a channel's callback
 * ({@code /notify/...} with a plain path: no {@code ..}, {@code ;}, {@code %} or
 * {@code //}), which it leaves as it came: the strict firewall refuses header and
 * parameter values with control characters by a bare 400, where ingress must answer every
 * refusal with the channel's fail ack (its fuzz tests hold it to that), and the callbacks
 * are verified by their signatures, not by a sign-in.
 */
final class CallbacksFirewall implements HttpFirewall {

    private final StrictHttpFirewall strict = new StrictHttpFirewall();

    @Override
    public FirewalledRequest getFirewalledRequest(HttpServletRequest request) {
        if (isCallback(request)) {
            return new FirewalledRequest(request) {

                @Override
                public void reset() {
                }

            };
        }
        return strict.getFirewalledRequest(request);
    }

    @Override
    public HttpServletResponse getFirewalledResponse(HttpServletResponse response) {
        return strict.getFirewalledResponse(response);
    }

    static boolean isCallback(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        return uri != null && uri.startsWith("/notify/") && path.equals(uri) && !uri.contains("..")
                && !uri.contains(";") && !uri.contains("%") && !uri.contains("//");
    }

}
