package io.paypipe.processor.console;

import io.paypipe.support.security.SignedIn;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * The place of the operator's web console ({@code /console}, issue 17): until its pages
 * come, one page that says who is signed in and one form that proves the console's chain
 * (service-support's {@code OperatorSecurity}): form login at {@code /login}, a session,
 * and a POST refused (403) without the page's CSRF token.
 */
@RestController
class ConsoleController {

    @GetMapping(path = "/console", produces = MediaType.TEXT_HTML_VALUE)
    String page(Authentication signedIn, CsrfToken csrf) {
        String name = HtmlUtils.htmlEscape(SignedIn.name(signedIn));
        return """
                <!doctype html>
                <html><head><title>paypipe console</title></head><body>
                <p>Signed in as %s. The console's pages come here.</p>
                <form method="post" action="/console/ping">
                <input type="hidden" name="%s" value="%s">
                <button type="submit">Ping</button>
                </form>
                <form method="post" action="/logout">
                <input type="hidden" name="%s" value="%s">
                <button type="submit">Sign out</button>
                </form>
                </body></html>
                """.formatted(name, csrf.getParameterName(), csrf.getToken(), csrf.getParameterName(), csrf.getToken());
    }

    @PostMapping(path = "/console/ping", produces = MediaType.TEXT_PLAIN_VALUE)
    String ping(Authentication signedIn) {
        return "pong for " + SignedIn.name(signedIn) + "\n";
    }

}
